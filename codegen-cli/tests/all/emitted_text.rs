//! The Rust the generator emits is text, written already formatted
//! (`generator/src/emit/code.rs`), not tokens re-parsed for a formatter. So
//! every emitted file is checked here: it parses with syn, and its layout is
//! prettyplease's (what the files went through before the text emitters, so
//! the generated crates did not change), blank lines aside, which the
//! emitters place themselves. Inputs: the App API, the fixture, a synthetic
//! API (bench/synth) and an API of long names and odd shapes that makes
//! lines break.

use std::path::{Path, PathBuf};
use std::process::Command;

use kube_codegen::emit::crd::CrdOptions;
use kube_codegen::emit::{Content, EmitOptions, GeneratedFile};
use kube_codegen::parse::{ParseOptions, parse_dir, parse_sources};
use kube_codegen::pipeline;

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

fn without_blank_lines(text: &str) -> String {
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .collect::<Vec<_>>()
        .join("\n")
}

/// Checks every Rust file of `files`, its layout too with `layout`; returns
/// how many were checked. (prettyplease writes an attribute on an array
/// element, the cargo features' `#[cfg]` in `crds::all()` and
/// `apis::known_kinds()`, on the element's line; the emitters write it on a
/// line of its own, as rustfmt does, so layouts are compared without features.)
fn check(files: &[GeneratedFile], layout: bool) -> usize {
    let mut checked = 0;
    for file in files {
        let Content::Rust(text) = &file.content else {
            continue;
        };
        let path = file.path.display();
        let parsed =
            syn::parse_file(text).unwrap_or_else(|e| panic!("{path} does not parse: {e}\n{text}"));
        let formatted = prettyplease::unparse(&parsed);
        let (ours, theirs) = (without_blank_lines(text), without_blank_lines(&formatted));
        if layout && ours != theirs {
            let diff = similar::TextDiff::from_lines(&ours, &theirs)
                .unified_diff()
                .header("emitted", "prettyplease")
                .to_string();
            panic!("{path} is not laid out as prettyplease lays it out:\n{diff}");
        }
        assert!(!text.contains("\n\n\n"), "{path}: two blank lines in a row");
        assert!(!text.starts_with('\n') && text.ends_with('\n'), "{path}");
        for line in text.lines() {
            assert_eq!(line, line.trim_end(), "{path}: trailing spaces");
        }
        checked += 1;
    }
    checked
}

/// Checks what `api` gives with `opts`, with and without cargo features.
fn check_api(api: &kube_codegen::model::Api, opts: &EmitOptions) -> usize {
    let emit = |opts: &EmitOptions| pipeline::emit_all(api, opts).unwrap_or_else(|d| panic!("{d}"));
    let without_features = EmitOptions {
        cargo_features: false,
        ..opts.clone()
    };
    check(&emit(&without_features), true);
    check(&emit(opts), false)
}

#[test]
fn the_app_api() {
    let parsed = parse_dir(&repo_root().join("apis/src"), &ParseOptions::default()).unwrap();
    assert!(check_api(&parsed.api, &EmitOptions::default()) > 10);
    let without_apply = EmitOptions {
        apply_configurations: false,
        ..EmitOptions::default()
    };
    check_api(&parsed.api, &without_apply);
}

#[test]
fn the_fixture() {
    let parsed = parse_dir(
        &repo_root().join("tests/fixture-apis/src"),
        &ParseOptions::default(),
    )
    .unwrap();
    let opts = EmitOptions {
        crd: CrdOptions {
            allow_dangerous_types: true,
            conversion_webhook: Some(kube_codegen::model::WebhookClient::Url(
                "https://fixture.example.com/convert".to_owned(),
            )),
            ..CrdOptions::default()
        },
        ..EmitOptions::default()
    };
    assert!(check_api(&parsed.api, &opts) > 30);
}

#[test]
fn a_synthetic_api() {
    let tmp = tempfile::tempdir().unwrap();
    let script = repo_root().join("bench/synth/synth.py");
    let status = match Command::new("python3")
        .arg(&script)
        .args(["--kinds", "30", "--lang", "rust", "--out"])
        .arg(tmp.path())
        .status()
    {
        Ok(status) => status,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            eprintln!("skipped: python3 not found");
            return;
        }
        Err(e) => panic!("{e}"),
    };
    assert!(status.success());
    let parsed = parse_dir(tmp.path(), &ParseOptions::default()).unwrap();
    assert!(check_api(&parsed.api, &EmitOptions::default()) > 100);
}

/// Names and shapes long enough that lines break: a long group, kinds and
/// fields with long names, long JSON renames, nested generic types, enums with
/// data, custom client methods, scale and selectable fields, short names.
const LONG: &str = r#"
use std::collections::BTreeMap;

use k8s_openapi::api::core::v1::ResourceRequirements;
use k8s_openapi::apimachinery::pkg::apis::meta::v1::{Condition, LabelSelector, ObjectMeta};
use serde::{Deserialize, Serialize};

/// A resource whose every name is long.
// +genclient
// +genclient:method=GetScaleOfTheExtraordinarilyLongResource,verb=get,subresource=scale,result=k8s_openapi::api::autoscaling::v1::Scale
// +genclient:method=UpdateScaleOfTheExtraordinarilyLongResource,verb=update,subresource=scale,input=k8s_openapi::api::autoscaling::v1::Scale,result=k8s_openapi::api::autoscaling::v1::Scale
// +genclient:method=ListEverything,verb=list
// +kubebuilder:subresource:status
// +kubebuilder:subresource:scale:specpath=.spec.replicas,statuspath=.status.replicas,selectorpath=.status.selector
// +kubebuilder:resource:shortName=exlr;exlong;extraordinarily;longresources;lr,categories=all;extraordinary;long
// +kubebuilder:selectablefield:JSONPath=`.spec.theNameOfTheFieldThatHoldsTheReplicas`
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct ExtraordinarilyLongResourceNameForTesting {
    pub metadata: ObjectMeta,
    pub spec: ExtraordinarilyLongResourceNameForTestingSpec,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status: Option<ExtraordinarilyLongResourceNameForTestingStatus>,
}

/// The spec.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ExtraordinarilyLongResourceNameForTestingSpec {
    /// Replicas.
    pub the_name_of_the_field_that_holds_the_replicas: Option<i32>,
    /// A map of lists of conditions.
    pub conditions_by_the_name_of_the_controller_that_wrote_them: BTreeMap<String, Vec<Condition>>,
    /// Selectors.
    #[serde(rename = "aVeryLongJsonNameThatIsNotTheFieldNameAtAllAndGoesOnAndOnAndOn")]
    pub selectors: Option<Vec<LabelSelector>>,
    /// Resources, optional, in a box.
    pub resources_of_the_workload_that_this_resource_describes: Option<Box<ResourceRequirements>>,
    /// An enum with data.
    #[serde(default)]
    pub the_strategy_to_use_when_rolling_out_new_versions_of_the_workload: RolloutStrategyOfTheWorkload,
    /// A keyword.
    #[serde(rename = "type")]
    pub r#type: Option<String>,
}

/// How to roll out.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "camelCase")]
pub enum RolloutStrategyOfTheWorkload {
    /// Replace everything at once.
    #[default]
    Recreate,
    /// A few at a time.
    RollingUpdateWithSurgeAndUnavailability {
        /// How many more.
        maximum_number_of_additional_pods_during_the_update: i32,
        /// How many fewer.
        maximum_number_of_unavailable_pods_during_the_update: i32,
    },
    /// Short.
    Canary { weight: i32, step: i32 },
}

/// The status.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ExtraordinarilyLongResourceNameForTestingStatus {
    /// Replicas.
    #[serde(default)]
    pub replicas: i32,
    /// Selector.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub selector: Option<String>,
    /// The latest observations of the state of the resource, from every controller.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub conditions: Vec<Condition>,
}

/// A cluster-scoped kind without status.
// +genclient
// +genclient:nonNamespaced
// +genclient:noStatus
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct AnotherRatherLongClusterScopedKindName {
    pub metadata: ObjectMeta,
    pub spec: AnotherRatherLongClusterScopedKindNameSpec,
}

/// Its spec.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct AnotherRatherLongClusterScopedKindNameSpec {
    /// Labels.
    #[serde(default)]
    pub labels: BTreeMap<String, String>,
}

fn default_port_of_the_extraordinarily_long_resource() -> i32 {
    8080
}
"#;

#[test]
fn an_api_of_long_names() {
    let files = vec![
        (
            PathBuf::from("extraordinarilylonggroupname/v1alpha1/mod.rs"),
            "//! +groupName=extraordinarily-long-group-name.subdomain.example.com\n\nmod types;\n"
                .to_owned(),
        ),
        (
            PathBuf::from("extraordinarilylonggroupname/v1alpha1/types.rs"),
            LONG.to_owned(),
        ),
    ];
    let parsed = parse_sources(&files, &ParseOptions::default()).unwrap_or_else(|d| panic!("{d}"));
    let emitted = pipeline::emit_all(&parsed.api, &EmitOptions::default()).unwrap();
    let long_lines = emitted
        .iter()
        .filter_map(|f| match &f.content {
            Content::Rust(text) => Some(text),
            _ => None,
        })
        .flat_map(|text| text.lines())
        .filter(|l| l.len() > 80 && !l.trim_start().starts_with("//"))
        .count();
    assert!(long_lines > 10, "the names are long enough to break lines");
    assert!(check_api(&parsed.api, &EmitOptions::default()) > 10);
}

/// Every group's code sits behind its cargo feature in the crate `generate`
/// writes (its module in each root, its CRDs, its entries in the crate-wide
/// lists), and nothing is gated in code for a `build.rs`.
#[test]
fn groups_are_gated_by_their_features_only_in_a_generated_crate() {
    let parsed = parse_dir(
        &repo_root().join("tests/fixture-apis/src"),
        &ParseOptions::default(),
    )
    .unwrap();
    let opts = EmitOptions {
        crd: CrdOptions {
            allow_dangerous_types: true,
            conversion_webhook: Some(kube_codegen::model::WebhookClient::Url(
                "https://fixture.example.com/convert".to_owned(),
            )),
            ..CrdOptions::default()
        },
        ..EmitOptions::default()
    };
    let text_of = |files: &[GeneratedFile], path: &str| -> String {
        match files
            .iter()
            .find(|f| f.path == Path::new(path))
            .map(|f| &f.content)
        {
            Some(Content::Rust(text)) => text.clone(),
            Some(Content::Tokens(tokens)) => tokens.to_string(),
            _ => panic!("{path} was not emitted as Rust"),
        }
    };
    let gated = pipeline::emit_all(&parsed.api, &opts).unwrap();
    for root in [
        "src/apis/mod.rs",
        "src/clientset/mod.rs",
        "src/informers/mod.rs",
        "src/listers/mod.rs",
        "src/applyconfigurations/mod.rs",
    ] {
        let text = text_of(&gated, root);
        for group in ["batch", "fleet", "infra"] {
            assert!(
                text.contains(&format!("#[cfg(feature = \"{group}\")]\npub mod {group}")),
                "{root}: {group}\n{text}"
            );
        }
    }
    let crds = text_of(&gated, "src/crds.rs");
    assert_eq!(
        crds.matches("#[cfg(feature = \"infra\")]").count(),
        2 * 7,
        "{crds}"
    );
    let lib = text_of(&gated, "src/lib.rs");
    assert!(
        lib.contains("#[cfg(feature = \"applyconfigurations\")]\n#[rustfmt::skip]\npub mod applyconfigurations;"),
        "{lib}"
    );
    let conversion = text_of(&gated, "src/conversion/mod.rs");
    assert!(conversion.contains("feature = \"fleet\""), "{conversion}");

    let plain = EmitOptions {
        cargo_features: false,
        ..opts
    };
    for file in pipeline::emit_all(&parsed.api, &plain).unwrap() {
        if let Content::Rust(text) = &file.content {
            assert!(!text.contains("cfg(feature"), "{}", file.path.display());
        }
    }
}
