// +kubebuilder:rbac:groups=apps,resource=deployments,verbs=get
// +kubebuilder:rbac:groups=apps,resources=deployments,verbs=get,namspace=ns
pub fn f() {}
