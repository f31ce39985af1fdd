// +kubebuilder:rbac:groups=apps,resources=deployments
// +kubebuilder:rbac:groups=apps,resources=deployments,verbs=
fn f() {}
