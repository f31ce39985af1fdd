// +kubebuilder:webhook:path=/v,mutating=false,failurePolicy=Fail,sideEffects=None,groups=apps,verbs=create,versions=v1,admissionReviewVersions=v1,name=dup.example.com,resources=replicasets
pub struct Hook0;

// +kubebuilder:webhookconfiguration:mutating=false,name=Validating_Hooks
pub struct Hook1;

// +kubebuilder:webhookconfiguration:mutating=false,name=validating-hooks
pub struct Hook2;
