// +kubebuilder:rbac:groups=core,resources=pods,verbs=get
// +kubebuilder:webhook:path=/mutate,mutating=true
// +k8s:openapi-gen=true
// +genclient
fn f() {}
