// +kubebuilder:rbac:resources=pods,verbs=get
fn f() {}
