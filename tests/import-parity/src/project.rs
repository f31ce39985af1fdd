//! The projects of the suite, each a Go module at a pinned version and the
//! API packages in it, chosen for the shapes real APIs have.

/// One real Go API.
#[derive(Clone, Copy, Debug)]
pub struct Project {
    /// The name of its list of differences (`differences/<name>.yaml`).
    pub name: &'static str,
    /// The shape it stands for.
    pub shape: &'static str,
    /// The Go module, as the module proxy serves it.
    pub module: &'static str,
    /// Its version, pinned.
    pub version: &'static str,
    /// The API tree in the module (what `import --go` and controller-gen's
    /// `paths=./<dir>/...` are given).
    pub api_dir: &'static str,
    /// controller-gen's `crd:allowDangerousTypes` (the project's floats).
    pub dangerous_types: bool,
}

/// Every project of the suite.
pub const PROJECTS: &[Project] = &[
    Project {
        name: "kueue",
        shape: "CEL-heavy, two versions of every kind (v1beta1, v1beta2) and a v1alpha1",
        module: "sigs.k8s.io/kueue",
        version: "v0.17.0",
        api_dir: "apis/kueue",
        dangerous_types: false,
    },
    Project {
        name: "prometheus-operator",
        shape: "deep embedding of core types (containers, volumes, pod specs), three versions",
        module: "github.com/prometheus-operator/prometheus-operator/pkg/apis/monitoring",
        version: "v0.95.2",
        api_dir: ".",
        dangerous_types: false,
    },
    Project {
        name: "external-secrets",
        shape: "unions (one provider of ~40 pointer fields), a shared package (apis/meta), several versions",
        module: "github.com/external-secrets/external-secrets",
        version: "v0.16.2",
        api_dir: "apis/externalsecrets",
        dangerous_types: false,
    },
    Project {
        name: "cluster-api",
        shape: "multi-version (v1beta1 and v1beta2 of every kind), kube-api-linter conventions",
        module: "sigs.k8s.io/cluster-api/api",
        version: "v1.14.2",
        api_dir: "core",
        dangerous_types: false,
    },
];
