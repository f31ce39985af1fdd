//! Where a schema node is in a version's schema, as crdify names it: `^` is
//! the root, `.name` a property, `.items` the items of a list,
//! `.additionalProperties` the values of a map, `.allOf[0]` a member of a
//! junctor (crdify's `SchemaHas` walk and its `field.Path` spelling).

use std::fmt;

/// One step from a schema node into a part of it.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Segment {
    /// `properties[name]`: a field of an object.
    Property(String),
    /// `items`: the items of a list.
    Items,
    /// `items[i]`: one schema of the (rare) array form of `items`.
    ItemsAt(usize),
    /// `additionalProperties`: the values of a map.
    AdditionalProperties,
    /// `allOf[i]`.
    AllOf(usize),
    /// `anyOf[i]`.
    AnyOf(usize),
    /// `oneOf[i]`.
    OneOf(usize),
    /// `not`.
    Not,
    /// `patternProperties[pattern]`.
    PatternProperties(String),
    /// `additionalItems`.
    AdditionalItems,
    /// `definitions[name]`.
    Definitions(String),
    /// `dependencies[name]`.
    Dependencies(String),
}

impl Segment {
    /// Whether the API server's validation ratcheting stops at this step:
    /// validations below `allOf`, `anyOf`, `oneOf` and `not` are never
    /// ratcheted (KEP-4008, "Blacklisted Validations").
    pub fn is_junctor(&self) -> bool {
        matches!(
            self,
            Segment::AllOf(_) | Segment::AnyOf(_) | Segment::OneOf(_) | Segment::Not
        )
    }
}

/// A schema node's place in its version's schema, from the root.
#[derive(Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct PropertyPath(pub Vec<Segment>);

impl PropertyPath {
    /// The root (`^`).
    pub fn root() -> Self {
        PropertyPath(Vec::new())
    }

    /// This path one step further.
    pub fn child(&self, segment: Segment) -> Self {
        let mut steps = self.0.clone();
        steps.push(segment);
        PropertyPath(steps)
    }

    /// The steps from the root.
    pub fn segments(&self) -> &[Segment] {
        &self.0
    }

    /// Whether a step of the path goes through `allOf`, `anyOf`, `oneOf` or
    /// `not`.
    pub fn under_junctor(&self) -> bool {
        self.0.iter().any(Segment::is_junctor)
    }

    /// The API server's spelling of the node (`.properties[spec].items`), as
    /// CEL cost estimates and structural errors name it; `None` where the
    /// server's walk does not go (junctors, pattern properties, ...).
    pub fn server_path(&self) -> Option<String> {
        let mut out = String::new();
        for segment in &self.0 {
            match segment {
                Segment::Property(name) => {
                    out.push_str(".properties[");
                    out.push_str(name);
                    out.push(']');
                }
                Segment::Items => out.push_str(".items"),
                Segment::AdditionalProperties => out.push_str(".additionalProperties"),
                _ => return None,
            }
        }
        Some(out)
    }
}

impl fmt::Display for PropertyPath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("^")?;
        for segment in &self.0 {
            match segment {
                Segment::Property(name) => write!(f, ".{name}")?,
                Segment::Items => f.write_str(".items")?,
                Segment::ItemsAt(i) => write!(f, ".items[{i}]")?,
                Segment::AdditionalProperties => f.write_str(".additionalProperties")?,
                Segment::AllOf(i) => write!(f, ".allOf[{i}]")?,
                Segment::AnyOf(i) => write!(f, ".anyOf[{i}]")?,
                Segment::OneOf(i) => write!(f, ".oneOf[{i}]")?,
                Segment::Not => f.write_str(".not")?,
                Segment::PatternProperties(p) => write!(f, ".patternProperties[{p}]")?,
                Segment::AdditionalItems => f.write_str(".additionalItems")?,
                Segment::Definitions(d) => write!(f, ".definitions[{d}]")?,
                Segment::Dependencies(d) => write!(f, ".dependencies[{d}]")?,
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spelt_as_crdify_spells_it() {
        let path = PropertyPath::root()
            .child(Segment::Property("spec".into()))
            .child(Segment::Property("ports".into()))
            .child(Segment::Items)
            .child(Segment::AnyOf(1));
        assert_eq!(path.to_string(), "^.spec.ports.items.anyOf[1]");
        assert!(path.under_junctor());
        assert_eq!(path.server_path(), None);
        let map = PropertyPath::root()
            .child(Segment::Property("spec".into()))
            .child(Segment::AdditionalProperties);
        assert_eq!(map.to_string(), "^.spec.additionalProperties");
        assert_eq!(
            map.server_path().as_deref(),
            Some(".properties[spec].additionalProperties")
        );
        assert_eq!(PropertyPath::root().to_string(), "^");
    }
}
