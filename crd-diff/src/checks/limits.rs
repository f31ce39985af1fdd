//! The eight bound checks (`maximum`, `maxItems`, `maxLength`,
//! `maxProperties`, `minimum`, `minItems`, `minLength`, `minProperties`): a
//! bound appeared, or moved inwards. Each is a tightening the API server
//! ratchets. The messages are crdify's, which say "maximum" and "minimum"
//! for all of them.

use serde_json::Value;

use super::{Change, Check, CheckInfo, Context, Level, Origin, PropertyCheck, no_settings, take};
use crate::gofmt;
use crate::schema::Node;

/// Which way a bound tightens.
#[derive(Clone, Copy)]
enum Side {
    /// An upper bound: tighter when it decreases.
    Max,
    /// A lower bound: tighter when it increases.
    Min,
}

struct Limit {
    keyword: &'static str,
    side: Side,
    /// `maximum`/`minimum` are Go `float64`s, the others `int64`s.
    float: bool,
}

macro_rules! limit {
    ($name:ident, $keyword:literal, $side:expr, $float:literal, $catches:literal) => {
        pub(super) const $name: CheckInfo = CheckInfo {
            name: $keyword,
            level: Level::Property,
            catches: $catches,
            ratcheted: "all",
            settings: "",
            origin: Origin::Crdify,
            build: |configuration| {
                no_settings(configuration)?;
                Ok(Check::Property(Box::new(Limit {
                    keyword: $keyword,
                    side: $side,
                    float: $float,
                })))
            },
        };
    };
}

limit!(
    MAXIMUM,
    "maximum",
    Side::Max,
    true,
    "a `maximum` is added or decreased"
);
limit!(
    MAX_ITEMS,
    "maxItems",
    Side::Max,
    false,
    "a `maxItems` is added or decreased"
);
limit!(
    MAX_LENGTH,
    "maxLength",
    Side::Max,
    false,
    "a `maxLength` is added or decreased"
);
limit!(
    MAX_PROPERTIES,
    "maxProperties",
    Side::Max,
    false,
    "a `maxProperties` is added or decreased"
);
limit!(
    MINIMUM,
    "minimum",
    Side::Min,
    true,
    "a `minimum` is added or increased"
);
limit!(
    MIN_ITEMS,
    "minItems",
    Side::Min,
    false,
    "a `minItems` is added or increased"
);
limit!(
    MIN_LENGTH,
    "minLength",
    Side::Min,
    false,
    "a `minLength` is added or increased"
);
limit!(
    MIN_PROPERTIES,
    "minProperties",
    Side::Min,
    false,
    "a `minProperties` is added or increased"
);

fn number(value: Option<Value>) -> Option<f64> {
    value.and_then(|v| v.as_f64())
}

impl Limit {
    fn show(&self, n: f64) -> String {
        if self.float {
            gofmt::float(n)
        } else {
            // An int64 in Go; the YAML held an integer.
            #[allow(clippy::cast_possible_truncation)]
            let i = n as i64;
            i.to_string()
        }
    }
}

impl PropertyCheck for Limit {
    fn compare(&self, old: &mut Node, new: &mut Node, _: &Context<'_>) -> Vec<Change> {
        let before = number(take(old, self.keyword));
        let after = number(take(new, self.keyword));
        let word = match self.side {
            Side::Max => "maximum",
            Side::Min => "minimum",
        };
        let message = match (before, after) {
            (None, Some(b)) => format!(
                "{word} constraint added when there was none previously : {}",
                self.show(b)
            ),
            (Some(a), Some(b)) => {
                let tighter = match self.side {
                    Side::Max => b < a,
                    Side::Min => b > a,
                };
                if !tighter {
                    return Vec::new();
                }
                let verb = match self.side {
                    Side::Max => "decreased",
                    Side::Min => "increased",
                };
                format!("{word} {verb} : {} -> {}", self.show(a), self.show(b))
            }
            _ => return Vec::new(),
        };
        vec![Change::ratchetable(message)]
    }
}
