//! Markers of other generators next to misspelt webhook markers.
// +kubebuilder:webhok:path=/v,mutating=false,failurePolicy=Fail,sideEffects=None,groups=apps,resources=deployments,verbs=create,versions=v1,admissionReviewVersions=v1,name=a.example.com
pub struct Hook1;

// +kubebuilder:webhookconfig:mutating=true,name=hooks
pub struct Hook2;

// +patchStrategy=merge
pub struct Hook3;

// +kubebuilder:rbac:groups=apps,resources=deployments,verbs=get
pub struct Hook4;

// +genclient
pub struct Hook5;
