//! From a finding's property (`^.spec.template.items.port`) to the Rust
//! field it comes from, through the model the new CRD was generated from.

use kube_codegen_crd_diff::{PropertyPath, Report, Segment, SourceLocation};

use kube_codegen::emit::crd::{Crd, Step, schema_source};
use kube_codegen::model::{Api, Location};

/// Gives every finding of `report` the field its property comes from.
pub fn report(report: &mut Report, api: &Api, crds: &[Crd]) {
    let Some(crd) = crds.iter().find(|c| c.name == report.name) else {
        return;
    };
    let group = crd.definition.spec.group.clone();
    report.locate(|version, path| {
        schema_source(api, &group, version, &crd.kind, steps(path)).map(|l| source(&l))
    });
}

/// The model's steps for a path: properties, items and map values; it stops
/// at a junctor (the field holding it is the place).
fn steps(path: &PropertyPath) -> Vec<Step<'_>> {
    path.segments()
        .iter()
        .map_while(|segment| match segment {
            Segment::Property(name) => Some(Step::Property(name)),
            Segment::Items => Some(Step::Items),
            Segment::AdditionalProperties => Some(Step::MapValues),
            _ => None,
        })
        .collect()
}

/// The model's location as the report's.
pub fn source(location: &Location) -> SourceLocation {
    SourceLocation {
        file: location.file.clone(),
        line: location.line,
        column: location.column,
    }
}

/// The report's location as the model's.
pub fn location(source: &SourceLocation) -> Location {
    Location {
        file: source.file.clone(),
        line: source.line,
        column: source.column,
    }
}
