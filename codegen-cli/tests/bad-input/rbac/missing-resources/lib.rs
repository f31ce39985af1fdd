// +kubebuilder:rbac:groups=apps,verbs=get
fn f() {}
