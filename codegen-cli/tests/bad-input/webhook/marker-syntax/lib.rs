// +kubebuilder:webhook:path=/v,mutating=false,sideEffects=None,groups=apps,resources=deployments,verbs=create,versions=v1,admissionReviewVersions=v1,name=a.example.com,failurepolicy=Fail
pub struct Hook0;

// +kubebuilder:webhook:path=/v,mutating=false,failurePolicy=Fail,sideEffects=None,groups=apps,resources=deployments,verbs=create,versions=v1,name=b.example.com
pub struct Hook1;

// +kubebuilder:webhook:path=/v,mutating=yes,failurePolicy=Fail,sideEffects=None,groups=apps,resources=deployments,verbs=create,versions=v1,admissionReviewVersions=v1,name=c.example.com
pub struct Hook2;

// +kubebuilder:webhook:path=/v,mutating=false,failurePolicy=Fail,sideEffects=None,groups=apps,resources=deployments,verbs=create,versions=v1,admissionReviewVersions=v1,name=d.example.com,timeoutSeconds=5,timeoutSeconds=6
pub struct Hook3;

// +kubebuilder:webhook:path=/v,mutating=false,failurePolicy=Fail,sideEffects=None,groups=apps,resources=deployments,verbs=create,versions=v1,admissionReviewVersions=v1,name=e.example.com,patch=`{"timeoutSeconds":5}
pub struct Hook4;

// +kubebuilder:webhook
pub struct Hook5;
