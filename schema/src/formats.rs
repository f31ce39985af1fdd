//! The string formats the API server checks (kube-openapi's `strfmt`
//! registry, as supported at the 1.33 compatibility version that a 1.34
//! server validates with); other formats are not checked at all.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};
use std::sync::LazyLock;

use regex::Regex;

/// A checked format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Format {
    BsonObjectId,
    Uri,
    Email,
    Hostname,
    Ipv4,
    Ipv6,
    Cidr,
    Mac,
    Uuid,
    Uuid3,
    Uuid4,
    Uuid5,
    Isbn,
    Isbn10,
    Isbn13,
    CreditCard,
    Ssn,
    HexColor,
    RgbColor,
    Byte,
    Password,
    Date,
    Duration,
    DateTime,
}

fn rx(p: &str) -> Regex {
    Regex::new(p).expect("built-in format pattern")
}

static HOSTNAME: LazyLock<Regex> = LazyLock::new(|| {
    rx(
        r"^([a-zA-Z0-9\p{S}\p{L}]((-?[a-zA-Z0-9\p{S}\p{L}]{0,62})?)|([a-zA-Z0-9\p{S}\p{L}](([a-zA-Z0-9-\p{S}\p{L}]{0,61}[a-zA-Z0-9\p{S}\p{L}])?)(\.)){1,}([a-zA-Z\p{L}]){2,63})$",
    )
});
static UUID: LazyLock<Regex> =
    LazyLock::new(|| rx(r"(?i)^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$"));
static UUID3: LazyLock<Regex> = LazyLock::new(|| {
    rx(r"(?i)^[0-9a-f]{8}-?[0-9a-f]{4}-?3[0-9a-f]{3}-?[0-9a-f]{4}-?[0-9a-f]{12}$")
});
static UUID4: LazyLock<Regex> = LazyLock::new(|| {
    rx(r"(?i)^[0-9a-f]{8}-?[0-9a-f]{4}-?4[0-9a-f]{3}-?[89ab][0-9a-f]{3}-?[0-9a-f]{12}$")
});
static UUID5: LazyLock<Regex> = LazyLock::new(|| {
    rx(r"(?i)^[0-9a-f]{8}-?[0-9a-f]{4}-?5[0-9a-f]{3}-?[89ab][0-9a-f]{3}-?[0-9a-f]{12}$")
});
static DATE_TIME: LazyLock<Regex> = LazyLock::new(|| {
    rx(r"^([0-9]{2}):([0-9]{2}):([0-9]{2})(.[0-9]+)?(z|([+-][0-9]{2}:[0-9]{2}))$")
});
static MAC: LazyLock<Regex> = LazyLock::new(|| {
    rx(r"^([0-9A-Fa-f]{2}[:-]){5,19}[0-9A-Fa-f]{2}$|^([0-9A-Fa-f]{4}\.){2,9}[0-9A-Fa-f]{4}$")
});
static HEX_COLOR: LazyLock<Regex> = LazyLock::new(|| rx(r"^#?([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$"));
static RGB_COLOR: LazyLock<Regex> = LazyLock::new(|| {
    rx(
        r"^rgb\(\s*(0|[1-9]\d?|1\d\d?|2[0-4]\d|25[0-5])\s*,\s*(0|[1-9]\d?|1\d\d?|2[0-4]\d|25[0-5])\s*,\s*(0|[1-9]\d?|1\d\d?|2[0-4]\d|25[0-5])\s*\)$",
    )
});
static BASE64: LazyLock<Regex> = LazyLock::new(|| {
    rx(r"^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=|[A-Za-z0-9+/]{4})$")
});
static SSN: LazyLock<Regex> = LazyLock::new(|| rx(r"^\d{3}[- ]?\d{2}[- ]?\d{4}$"));
static DURATION_PART: LazyLock<Regex> = LazyLock::new(|| rx(r"((\d+)\s*([A-Za-zµ]+))"));
static EMAIL: LazyLock<Regex> =
    LazyLock::new(|| rx(r"^(?:[^<>@\s]*<)?[A-Za-z0-9!#$%&'*+/=?^_`{|}~.-]+@[A-Za-z0-9.-]+(?:>)?$"));
static URI: LazyLock<Regex> = LazyLock::new(|| rx(r"^([a-zA-Z][a-zA-Z0-9+.-]*:[^\s]*|/[^\s]*)$"));

impl Format {
    /// The checked format of a schema's `format`, if the server checks it
    /// (dashes are ignored: `date-time` is `datetime`).
    pub(crate) fn supported(format: &str) -> Option<Format> {
        Some(match format.replace('-', "").as_str() {
            "bsonobjectid" => Format::BsonObjectId,
            "uri" => Format::Uri,
            "email" => Format::Email,
            "hostname" => Format::Hostname,
            "ipv4" => Format::Ipv4,
            "ipv6" => Format::Ipv6,
            "cidr" => Format::Cidr,
            "mac" => Format::Mac,
            "uuid" => Format::Uuid,
            "uuid3" => Format::Uuid3,
            "uuid4" => Format::Uuid4,
            "uuid5" => Format::Uuid5,
            "isbn" => Format::Isbn,
            "isbn10" => Format::Isbn10,
            "isbn13" => Format::Isbn13,
            "creditcard" => Format::CreditCard,
            "ssn" => Format::Ssn,
            "hexcolor" => Format::HexColor,
            "rgbcolor" => Format::RgbColor,
            "byte" => Format::Byte,
            "password" => Format::Password,
            "date" => Format::Date,
            "duration" => Format::Duration,
            "datetime" => Format::DateTime,
            _ => return None,
        })
    }

    /// Whether `s` is valid.
    pub(crate) fn check(self, s: &str) -> bool {
        match self {
            Format::BsonObjectId => s.len() == 24 && s.bytes().all(|b| b.is_ascii_hexdigit()),
            Format::Uri => URI.is_match(s),
            Format::Email => EMAIL.is_match(s),
            Format::Hostname => {
                HOSTNAME.is_match(s) && s.len() <= 255 && s.split('.').all(|l| l.len() <= 63)
            }
            Format::Ipv4 => s.contains('.') && sloppy_ip(s).is_some(),
            Format::Ipv6 => s.contains(':') && s.parse::<Ipv6Addr>().is_ok(),
            Format::Cidr => is_cidr(s),
            Format::Mac => MAC.is_match(s),
            Format::Uuid => UUID.is_match(s),
            Format::Uuid3 => UUID3.is_match(s),
            Format::Uuid4 => UUID4.is_match(s),
            Format::Uuid5 => UUID5.is_match(s),
            Format::Isbn => is_isbn10(s) || is_isbn13(s),
            Format::Isbn10 => is_isbn10(s),
            Format::Isbn13 => is_isbn13(s),
            Format::CreditCard => is_credit_card(s),
            Format::Ssn => SSN.is_match(s),
            Format::HexColor => HEX_COLOR.is_match(s),
            Format::RgbColor => RGB_COLOR.is_match(s),
            Format::Byte => is_base64(s),
            Format::Password => true,
            Format::Date => is_date(s),
            Format::Duration => parse_duration(s).is_some(),
            Format::DateTime => is_date_time(s),
        }
    }
}

/// `netutils.ParseIPSloppy`: IPv4 with leading zeros allowed.
fn sloppy_ip(s: &str) -> Option<IpAddr> {
    if let Ok(ip) = s.parse::<IpAddr>() {
        return Some(ip);
    }
    let parts: Vec<&str> = s.split('.').collect();
    if parts.len() != 4 {
        return None;
    }
    let mut octets = [0u8; 4];
    for (o, p) in octets.iter_mut().zip(parts) {
        if p.is_empty() || p.len() > 3 || !p.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        *o = p.parse().ok()?;
    }
    Some(IpAddr::V4(Ipv4Addr::from(octets)))
}

fn is_cidr(s: &str) -> bool {
    let Some((ip, bits)) = s.split_once('/') else {
        return false;
    };
    let Some(addr) = sloppy_ip(ip) else {
        return false;
    };
    let max = if addr.is_ipv4() { 32 } else { 128 };
    !bits.is_empty()
        && bits.bytes().all(|b| b.is_ascii_digit())
        && bits.parse::<u32>().is_ok_and(|b| b <= max)
}

fn is_isbn10(s: &str) -> bool {
    let digits: Vec<char> = s.chars().filter(|c| *c != '-' && *c != ' ').collect();
    if digits.len() != 10 {
        return false;
    }
    let mut sum = 0;
    for (i, c) in digits.iter().enumerate() {
        let v = match c {
            'X' if i == 9 => 10,
            c => match c.to_digit(10) {
                Some(d) => d,
                None => return false,
            },
        };
        sum += (10 - i as u32) * v;
    }
    sum.is_multiple_of(11)
}

fn is_isbn13(s: &str) -> bool {
    let digits: Vec<u32> = s
        .chars()
        .filter(|c| *c != '-' && *c != ' ')
        .filter_map(|c| c.to_digit(10))
        .collect();
    if digits.len() != 13 || s.chars().filter(|c| *c != '-' && *c != ' ').count() != 13 {
        return false;
    }
    let sum: u32 = digits
        .iter()
        .enumerate()
        .map(|(i, d)| if i % 2 == 0 { *d } else { d * 3 })
        .sum();
    sum.is_multiple_of(10)
}

fn is_credit_card(s: &str) -> bool {
    let digits: String = s.chars().filter(char::is_ascii_digit).collect();
    static CARD: LazyLock<Regex> = LazyLock::new(|| {
        rx(
            r"^(?:4[0-9]{12}(?:[0-9]{3})?|5[1-5][0-9]{14}|(222[1-9]|22[3-9][0-9]|2[3-6][0-9]{2}|27[01][0-9]|2720)[0-9]{12}|6(?:011|5[0-9][0-9])[0-9]{12}|3[47][0-9]{13}|3(?:0[0-5]|[68][0-9])[0-9]{11}|(?:2131|1800|35\d{3})\d{11}|6[27][0-9]{14})$",
        )
    });
    if !CARD.is_match(&digits) {
        return false;
    }
    let mut sum = 0;
    for (i, c) in digits.chars().rev().enumerate() {
        let mut d = c.to_digit(10).unwrap_or(0);
        if i % 2 == 1 {
            d *= 2;
            if d > 9 {
                d -= 9;
            }
        }
        sum += d;
    }
    sum.is_multiple_of(10)
}

/// govalidator's `IsBase64`, which kube-openapi checks `format: byte` with:
/// standard base64 with padding, at least one group of four (so `""` is not).
fn is_base64(s: &str) -> bool {
    BASE64.is_match(s)
}

fn is_date(s: &str) -> bool {
    chrono::NaiveDate::parse_from_str(s, "%Y-%m-%d").is_ok() && s.len() == 10
}

/// `strfmt.IsDateTime`: a date, `t`, then `hh:mm:ss[.frac](z|±hh:mm)`.
fn is_date_time(s: &str) -> bool {
    if s.len() < 4 {
        return false;
    }
    let lower = s.to_lowercase();
    let parts: Vec<&str> = lower.split('t').collect();
    if parts.len() < 2 || !is_date(parts[0]) {
        return false;
    }
    let Some(m) = DATE_TIME.captures(parts[1]) else {
        return false;
    };
    &m[1] <= "23" && &m[2] <= "59" && &m[3] <= "59"
}

/// `strfmt.ParseDuration`: Go's `time.ParseDuration`, or a Scala-like
/// `3 days`. Returns nanoseconds.
pub(crate) fn parse_duration(s: &str) -> Option<i128> {
    if let Some(d) = go_duration(s) {
        return Some(d);
    }
    let units: [(&[&str], i128); 8] = [
        (&["ns", "nano"], 1),
        (&["us", "µs", "micro"], 1_000),
        (&["ms", "milli"], 1_000_000),
        (&["s", "sec"], 1_000_000_000),
        (&["m", "min"], 60_000_000_000),
        (&["h", "hr", "hour"], 3_600_000_000_000),
        (&["d", "day"], 86_400_000_000_000),
        (&["w", "wk", "week"], 604_800_000_000_000),
    ];
    let mut total = 0i128;
    let mut ok = false;
    for cap in DURATION_PART.captures_iter(s) {
        let factor: i128 = cap[2].parse().ok()?;
        let unit = cap[3].trim().to_lowercase();
        for (variants, mult) in units {
            let last = variants.len() - 1;
            for (i, v) in variants.iter().enumerate() {
                if (i == last && unit.starts_with(v)) || unit.eq_ignore_ascii_case(v) {
                    ok = true;
                    total += factor * mult;
                }
            }
        }
    }
    ok.then_some(total)
}

/// Go's `time.ParseDuration` (`1h30m`, `-1.5s`, `300ms`), in nanoseconds.
pub(crate) fn go_duration(s: &str) -> Option<i128> {
    let (neg, mut rest) = match s.strip_prefix('-') {
        Some(r) => (true, r),
        None => (false, s.strip_prefix('+').unwrap_or(s)),
    };
    if rest == "0" {
        return Some(0);
    }
    if rest.is_empty() {
        return None;
    }
    let mut total: f64 = 0.0;
    while !rest.is_empty() {
        let num_end = rest
            .find(|c: char| !(c.is_ascii_digit() || c == '.'))
            .unwrap_or(rest.len());
        if num_end == 0 {
            return None;
        }
        let n: f64 = rest[..num_end].parse().ok()?;
        rest = &rest[num_end..];
        let unit_end = rest
            .find(|c: char| c.is_ascii_digit() || c == '.')
            .unwrap_or(rest.len());
        let mult = match &rest[..unit_end] {
            "ns" => 1.0,
            "us" | "µs" | "μs" => 1e3,
            "ms" => 1e6,
            "s" => 1e9,
            "m" => 60e9,
            "h" => 3600e9,
            _ => return None,
        };
        rest = &rest[unit_end..];
        total += n * mult;
    }
    let ns = total as i128;
    Some(if neg { -ns } else { ns })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_accept_and_refuse_like_strfmt() {
        let ok = |f: &str, s: &str| Format::supported(f).unwrap().check(s);
        assert!(ok("date-time", "2024-01-02T03:04:05Z"));
        assert!(ok("date-time", "2024-01-02t03:04:05.123+02:00"));
        assert!(!ok("date-time", "2024-01-02 03:04:05"));
        assert!(ok("date", "2024-02-29") && !ok("date", "2023-02-29"));
        assert!(ok("duration", "1h30m") && ok("duration", "3 days") && !ok("duration", "soon"));
        assert!(ok("ipv4", "010.1.2.3") && !ok("ipv4", "::1"));
        assert!(ok("ipv6", "::1") && !ok("ipv6", "1.2.3.4"));
        assert!(ok("cidr", "10.0.0.0/8") && !ok("cidr", "10.0.0.0/33"));
        assert!(ok("uuid", "123e4567-e89b-12d3-a456-426614174000"));
        assert!(ok("hostname", "example.com") && !ok("hostname", "-bad-.com"));
        assert!(ok("byte", "aGVsbG8=") && !ok("byte", "not base64!"));
        assert!(ok("mac", "00:1a:2b:3c:4d:5e"));
        assert!(ok("isbn10", "0321751043") && ok("isbn13", "978-0321751041"));
        assert_eq!(Format::supported("int32"), None);
        assert_eq!(Format::supported("k8s-short-name"), None);
    }
}
