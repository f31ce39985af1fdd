// +kubebuilder:rbac:groups=core,resources=pods,verbs=get
// +kubebuilder:webhook:path=/mutate,mutating=true
// +patchStrategy=merge
// +genclient
fn f() {}
