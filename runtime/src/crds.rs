//! CustomResourceDefinitions as data: generated crates carry their CRDs as YAML
//! text (`crds::all()`) and parse them here, so the YAML parser is compiled once,
//! in this crate, rather than in every generated crate.

use k8s_openapi::apiextensions_apiserver::pkg::apis::apiextensions::v1::CustomResourceDefinition;

/// Why a CRD did not parse.
#[derive(Debug, thiserror::Error)]
#[error("CRD {name}: {message}")]
pub struct CrdError {
    name: String,
    message: String,
}

impl CrdError {
    /// The name the CRD was listed under.
    pub fn name(&self) -> &str {
        &self.name
    }
}

/// Parses `(name, yaml)` pairs into typed CRDs, in order.
///
/// The YAML is read into a `serde_json::Value` first and that into the typed
/// CRD: deserializing the typed CRD from YAML directly would instantiate the
/// YAML deserializer for every type of the CRD schema graph.
///
/// ```
/// let yaml = "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\n\
///             metadata: {name: apps.myapp.k8s.io}\n\
///             spec: {group: myapp.k8s.io, names: {kind: App, plural: apps}, scope: Namespaced, versions: []}\n";
/// let crds = kube_codegen_runtime::crds::parse(&[("apps.myapp.k8s.io", yaml)])?;
/// assert_eq!(crds[0].spec.names.kind, "App");
/// # Ok::<(), kube_codegen_runtime::crds::CrdError>(())
/// ```
///
/// # Errors
///
/// When a document is not a CustomResourceDefinition.
pub fn parse(crds: &[(&str, &str)]) -> Result<Vec<CustomResourceDefinition>, CrdError> {
    crds.iter()
        .map(|(name, yaml)| {
            let error = |message: String| CrdError {
                name: (*name).to_owned(),
                message,
            };
            let value: serde_json::Value =
                serde_saphyr::from_str(yaml).map_err(|e| error(e.to_string()))?;
            serde_json::from_value(value).map_err(|e| error(e.to_string()))
        })
        .collect()
}
