//! Kubernetes' CEL IP and CIDR libraries (`ip`, `isIP`, `ip.isCanonical`,
//! `family`, `isUnspecified`, `isLoopback`, `isLinkLocalMulticast`,
//! `isLinkLocalUnicast`, `isGlobalUnicast`; `cidr`, `isCIDR`, `containsIP`,
//! `containsCIDR`, `ip`, `masked`, `prefixLength`; `string` of both), with
//! Go's `netip` rules: no zones, no IPv4-mapped IPv6 addresses.

use std::net::IpAddr;
use std::sync::Arc;

use cel::common::types::{self as celtypes, Type};
use cel::common::value::{CowVal, Val};
use cel::objects::Opaque;
use cel::{Env, ExecutionError, Value as CelValue};

const IP_TYPE: &str = "net.IP";
const CIDR_TYPE: &str = "net.CIDR";

/// An IP address.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Ip(IpAddr);

/// A prefix: the address as written and the prefix length.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Cidr(IpAddr, u8);

impl Opaque for Ip {
    fn runtime_type_name(&self) -> &str {
        IP_TYPE
    }
}

impl Opaque for Cidr {
    fn runtime_type_name(&self) -> &str {
        CIDR_TYPE
    }
}

fn is_4in6(ip: &IpAddr) -> bool {
    matches!(ip, IpAddr::V6(v6) if v6.to_ipv4_mapped().is_some())
}

/// `parseIPAddr` of the library.
pub(super) fn parse_ip(raw: &str) -> Result<IpAddr, String> {
    if raw.contains('%') {
        return match raw.split_once('%').map(|(a, _)| a.parse::<IpAddr>()) {
            Some(Ok(_)) => Err(format!("IP address {raw:?} with zone value is not allowed")),
            _ => Err(format!(
                "IP Address {raw:?} parse error during conversion from string: ParseAddr({raw:?}): unable to parse IP"
            )),
        };
    }
    let ip: IpAddr = raw.parse().map_err(|_| {
        format!("IP Address {raw:?} parse error during conversion from string: ParseAddr({raw:?}): unable to parse IP")
    })?;
    if is_4in6(&ip) {
        return Err(format!("IPv4-mapped IPv6 address {raw:?} is not allowed"));
    }
    Ok(ip)
}

/// `parseCIDR` of the library.
pub(super) fn parse_cidr(raw: &str) -> Result<Cidr, String> {
    let invalid = || {
        format!(
            "network address parse error during conversion from string: netip.ParsePrefix({raw:?}): invalid prefix"
        )
    };
    let (addr, bits) = raw.split_once('/').ok_or_else(|| {
        format!("network address parse error during conversion from string: netip.ParsePrefix({raw:?}): no '/'")
    })?;
    let ip: IpAddr = addr.parse().map_err(|_| invalid())?;
    let max = if ip.is_ipv4() { 32 } else { 128 };
    if bits.is_empty()
        || bits.len() > 3
        || !bits.bytes().all(|b| b.is_ascii_digit())
        || (bits.len() > 1 && bits.starts_with('0'))
    {
        return Err(invalid());
    }
    let bits: u8 = bits.parse().map_err(|_| invalid())?;
    if bits > max {
        return Err(invalid());
    }
    if is_4in6(&ip) {
        return Err(format!("IPv4-mapped IPv6 address {raw:?} is not allowed"));
    }
    Ok(Cidr(ip, bits))
}

fn mask(ip: IpAddr, bits: u8) -> IpAddr {
    match ip {
        IpAddr::V4(v4) => {
            let m = if bits == 0 {
                0
            } else {
                u32::MAX << (32 - u32::from(bits))
            };
            IpAddr::V4((u32::from(v4) & m).into())
        }
        IpAddr::V6(v6) => {
            let m = if bits == 0 {
                0
            } else {
                u128::MAX << (128 - u32::from(bits))
            };
            IpAddr::V6((u128::from(v6) & m).into())
        }
    }
}

fn contains(c: Cidr, ip: IpAddr) -> bool {
    c.0.is_ipv4() == ip.is_ipv4() && mask(c.0, c.1) == mask(ip, c.1)
}

type Res<'b, 'v> = Result<CowVal<'b, 'v>, ExecutionError>;

fn out<'b, 'v>(v: CelValue) -> Res<'b, 'v> {
    Ok(CowVal::Owned(Box::<dyn Val>::try_from(v)?))
}

fn opaque<T: Opaque + Copy>(v: &CowVal<'_, '_>, function: &str) -> Result<T, ExecutionError> {
    match CelValue::try_from(v.as_ref())? {
        CelValue::Opaque(o) => o
            .downcast_ref::<T>()
            .copied()
            .ok_or_else(|| ExecutionError::function_error(function, "no such overload")),
        _ => Err(ExecutionError::function_error(function, "no such overload")),
    }
}

fn string(v: &CowVal<'_, '_>, function: &str) -> Result<String, ExecutionError> {
    match CelValue::try_from(v.as_ref())? {
        CelValue::String(s) => Ok(s.to_string()),
        _ => Err(ExecutionError::function_error(function, "no such overload")),
    }
}

fn fail(function: &str, message: String) -> ExecutionError {
    ExecutionError::function_error(function, message)
}

fn ip<'b, 'v>(args: Vec<CowVal<'b, 'v>>) -> Res<'b, 'v> {
    let s = string(&args[0], "ip")?;
    out(CelValue::Opaque(Arc::new(Ip(
        parse_ip(&s).map_err(|e| fail("ip", e))?
    ))))
}

fn is_ip<'b, 'v>(args: Vec<CowVal<'b, 'v>>) -> Res<'b, 'v> {
    out(CelValue::Bool(parse_ip(&string(&args[0], "isIP")?).is_ok()))
}

fn is_canonical<'b, 'v>(args: Vec<CowVal<'b, 'v>>) -> Res<'b, 'v> {
    let s = string(&args[0], "ip.isCanonical")?;
    let ip = parse_ip(&s).map_err(|e| fail("ip.isCanonical", e))?;
    out(CelValue::Bool(ip.to_string() == s))
}

fn ip_predicate<'b, 'v>(
    args: Vec<CowVal<'b, 'v>>,
    name: &str,
    f: fn(&IpAddr) -> bool,
) -> Res<'b, 'v> {
    out(CelValue::Bool(f(&opaque::<Ip>(&args[0], name)?.0)))
}

fn family<'b, 'v>(args: Vec<CowVal<'b, 'v>>) -> Res<'b, 'v> {
    out(CelValue::Int(
        if opaque::<Ip>(&args[0], "family")?.0.is_ipv4() {
            4
        } else {
            6
        },
    ))
}

fn is_unspecified<'b, 'v>(args: Vec<CowVal<'b, 'v>>) -> Res<'b, 'v> {
    ip_predicate(args, "isUnspecified", IpAddr::is_unspecified)
}

fn is_loopback<'b, 'v>(args: Vec<CowVal<'b, 'v>>) -> Res<'b, 'v> {
    ip_predicate(args, "isLoopback", IpAddr::is_loopback)
}

fn link_local_multicast(ip: &IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => v4.octets()[..3] == [224, 0, 0],
        IpAddr::V6(v6) => v6.segments()[0] & 0xff0f == 0xff02,
    }
}

fn link_local_unicast(ip: &IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => v4.octets()[..2] == [169, 254],
        IpAddr::V6(v6) => v6.segments()[0] & 0xffc0 == 0xfe80,
    }
}

/// Go's `netip.Addr.IsGlobalUnicast`.
fn global_unicast(ip: &IpAddr) -> bool {
    let broadcast = matches!(ip, IpAddr::V4(v4) if v4.is_broadcast());
    !(ip.is_unspecified()
        || ip.is_loopback()
        || ip.is_multicast()
        || link_local_unicast(ip)
        || broadcast)
}

fn is_link_local_multicast<'b, 'v>(args: Vec<CowVal<'b, 'v>>) -> Res<'b, 'v> {
    ip_predicate(args, "isLinkLocalMulticast", link_local_multicast)
}

fn is_link_local_unicast<'b, 'v>(args: Vec<CowVal<'b, 'v>>) -> Res<'b, 'v> {
    ip_predicate(args, "isLinkLocalUnicast", link_local_unicast)
}

fn is_global_unicast<'b, 'v>(args: Vec<CowVal<'b, 'v>>) -> Res<'b, 'v> {
    ip_predicate(args, "isGlobalUnicast", global_unicast)
}

fn ip_string<'b, 'v>(args: Vec<CowVal<'b, 'v>>) -> Res<'b, 'v> {
    out(CelValue::String(Arc::new(
        opaque::<Ip>(&args[0], "string")?.0.to_string(),
    )))
}

fn cidr<'b, 'v>(args: Vec<CowVal<'b, 'v>>) -> Res<'b, 'v> {
    let s = string(&args[0], "cidr")?;
    out(CelValue::Opaque(Arc::new(
        parse_cidr(&s).map_err(|e| fail("cidr", e))?,
    )))
}

fn is_cidr<'b, 'v>(args: Vec<CowVal<'b, 'v>>) -> Res<'b, 'v> {
    out(CelValue::Bool(
        parse_cidr(&string(&args[0], "isCIDR")?).is_ok(),
    ))
}

fn ip_operand(v: &CowVal<'_, '_>, function: &str) -> Result<IpAddr, ExecutionError> {
    match CelValue::try_from(v.as_ref())? {
        CelValue::String(s) => parse_ip(&s).map_err(|e| fail(function, e)),
        _ => Ok(opaque::<Ip>(v, function)?.0),
    }
}

fn cidr_operand(v: &CowVal<'_, '_>, function: &str) -> Result<Cidr, ExecutionError> {
    match CelValue::try_from(v.as_ref())? {
        CelValue::String(s) => parse_cidr(&s).map_err(|e| fail(function, e)),
        _ => opaque::<Cidr>(v, function),
    }
}

fn contains_ip<'b, 'v>(args: Vec<CowVal<'b, 'v>>) -> Res<'b, 'v> {
    let c = opaque::<Cidr>(&args[0], "containsIP")?;
    out(CelValue::Bool(contains(
        c,
        ip_operand(&args[1], "containsIP")?,
    )))
}

fn contains_cidr<'b, 'v>(args: Vec<CowVal<'b, 'v>>) -> Res<'b, 'v> {
    let c = opaque::<Cidr>(&args[0], "containsCIDR")?;
    let other = cidr_operand(&args[1], "containsCIDR")?;
    out(CelValue::Bool(contains(c, other.0) && c.1 <= other.1))
}

fn cidr_ip<'b, 'v>(args: Vec<CowVal<'b, 'v>>) -> Res<'b, 'v> {
    out(CelValue::Opaque(Arc::new(Ip(opaque::<Cidr>(
        &args[0], "ip",
    )?
    .0))))
}

fn masked<'b, 'v>(args: Vec<CowVal<'b, 'v>>) -> Res<'b, 'v> {
    let c = opaque::<Cidr>(&args[0], "masked")?;
    out(CelValue::Opaque(Arc::new(Cidr(mask(c.0, c.1), c.1))))
}

fn prefix_length<'b, 'v>(args: Vec<CowVal<'b, 'v>>) -> Res<'b, 'v> {
    out(CelValue::Int(i64::from(
        opaque::<Cidr>(&args[0], "prefixLength")?.1,
    )))
}

fn cidr_string<'b, 'v>(args: Vec<CowVal<'b, 'v>>) -> Res<'b, 'v> {
    let c = opaque::<Cidr>(&args[0], "string")?;
    out(CelValue::String(Arc::new(format!("{}/{}", c.0, c.1))))
}

/// Registers both libraries on `env`.
pub(super) fn register(env: &mut Env) {
    use celtypes::STRING_TYPE;
    let ip_t = || Type::new_opaque_type(IP_TYPE);
    let cidr_t = || Type::new_opaque_type(CIDR_TYPE);
    let _ = env.add_overload("ip", "k8s.ip", vec![STRING_TYPE], ip);
    let _ = env.add_overload("isIP", "k8s.isIP", vec![STRING_TYPE], is_ip);
    let _ = env.add_overload(
        "ip.isCanonical",
        "k8s.ip.isCanonical",
        vec![STRING_TYPE],
        is_canonical,
    );
    let _ = env.add_overload("cidr", "k8s.cidr", vec![STRING_TYPE], cidr);
    let _ = env.add_overload("isCIDR", "k8s.isCIDR", vec![STRING_TYPE], is_cidr);
    let _ = env.add_overload("string", "k8s.ip.string", vec![ip_t()], ip_string);
    let _ = env.add_overload("string", "k8s.cidr.string", vec![cidr_t()], cidr_string);
    let ip_members: [(&str, cel::common::functions::Function); 6] = [
        ("family", family),
        ("isUnspecified", is_unspecified),
        ("isLoopback", is_loopback),
        ("isLinkLocalMulticast", is_link_local_multicast),
        ("isLinkLocalUnicast", is_link_local_unicast),
        ("isGlobalUnicast", is_global_unicast),
    ];
    for (name, f) in ip_members {
        let _ = env.add_member_overload(name, &format!("k8s.ip.{name}"), ip_t(), vec![], f);
    }
    let _ = env.add_member_overload(
        "containsIP",
        "k8s.cidr.containsIP",
        cidr_t(),
        vec![ip_t()],
        contains_ip,
    );
    let _ = env.add_member_overload(
        "containsIP",
        "k8s.cidr.containsIPString",
        cidr_t(),
        vec![STRING_TYPE],
        contains_ip,
    );
    let _ = env.add_member_overload(
        "containsCIDR",
        "k8s.cidr.containsCIDR",
        cidr_t(),
        vec![cidr_t()],
        contains_cidr,
    );
    let _ = env.add_member_overload(
        "containsCIDR",
        "k8s.cidr.containsCIDRString",
        cidr_t(),
        vec![STRING_TYPE],
        contains_cidr,
    );
    let _ = env.add_member_overload("ip", "k8s.cidr.ip", cidr_t(), vec![], cidr_ip);
    let _ = env.add_member_overload("masked", "k8s.cidr.masked", cidr_t(), vec![], masked);
    let _ = env.add_member_overload(
        "prefixLength",
        "k8s.cidr.prefixLength",
        cidr_t(),
        vec![],
        prefix_length,
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_and_prefixes_parse_as_netip_parses_them() {
        assert!(parse_ip("10.0.0.1").is_ok() && parse_ip("2001:db8::1").is_ok());
        assert_eq!(
            parse_ip("::ffff:1.2.3.4"),
            Err("IPv4-mapped IPv6 address \"::ffff:1.2.3.4\" is not allowed".to_owned())
        );
        assert_eq!(
            parse_ip("fe80::1%eth0"),
            Err("IP address \"fe80::1%eth0\" with zone value is not allowed".to_owned())
        );
        assert!(parse_ip("1.2.3").is_err() && parse_ip("01.2.3.4").is_err());
        let c = parse_cidr("10.1.2.3/16").unwrap();
        assert!(
            contains(c, "10.1.200.1".parse().unwrap()) && !contains(c, "10.2.0.1".parse().unwrap())
        );
        assert_eq!(mask(c.0, c.1).to_string(), "10.1.0.0");
        assert!(parse_cidr("10.0.0.0/33").is_err() && parse_cidr("10.0.0.0").is_err());
        assert!(
            global_unicast(&"10.0.0.1".parse().unwrap())
                && !global_unicast(&"169.254.0.1".parse().unwrap())
        );
        assert!(link_local_multicast(&"ff02::1".parse().unwrap()));
    }
}
