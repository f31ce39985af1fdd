// +kubebuilder:rbac:groups=apps,resources=deployments,urls=/metrics,verbs=get
// +kubebuilder:rbac:urls=/healthz,namespace=ns,verbs=get
fn f() {}
