// +kubebuilder:webhook:path=/v,mutating=false,failurePolicy=Fail,sideEffects=None,groups=apps,resources=deployments,verbs=create,versions=v1,admissionReviewVersions=v1,name=a.example.com,patch=`{"timeoutSeconds":5,}`
pub struct Hook0;

// +kubebuilder:webhook:path=/v,mutating=false,failurePolicy=Fail,sideEffects=None,groups=apps,resources=deployments,verbs=create,versions=v1,admissionReviewVersions=v1,name=b.example.com,patch=`["timeoutSeconds"]`
pub struct Hook1;

// +kubebuilder:webhook:path=/v,mutating=false,failurePolicy=Fail,sideEffects=None,groups=apps,resources=deployments,verbs=create,versions=v1,admissionReviewVersions=v1,name=c.example.com,patch=`{"TimeoutSeconds":5}`
pub struct Hook2;

// +kubebuilder:webhook:path=/v,mutating=false,failurePolicy=Fail,sideEffects=None,groups=apps,resources=deployments,verbs=create,versions=v1,admissionReviewVersions=v1,name=d.example.com,patch=`{"timeoutSeconds":"5"}`
pub struct Hook3;

// +kubebuilder:webhook:path=/v,mutating=false,failurePolicy=Fail,sideEffects=None,groups=apps,resources=deployments,verbs=create,versions=v1,admissionReviewVersions=v1,name=e.example.com,patch=`{"$patc":"replace"}`
pub struct Hook4;

// +kubebuilder:webhook:path=/v,mutating=false,failurePolicy=Fail,sideEffects=None,groups=apps,resources=deployments,verbs=create,versions=v1,admissionReviewVersions=v1,name=f.example.com,patch=`{"$setElementOrder/notAField":[]}`
pub struct Hook5;

// +kubebuilder:webhook:path=/v,mutating=false,failurePolicy=Fail,sideEffects=None,groups=apps,resources=deployments,verbs=create,versions=v1,admissionReviewVersions=v1,name=g.example.com,patch=`{"clientConfig":{"$patch":"merge"}}`
pub struct Hook6;

// +kubebuilder:webhook:path=/v,mutating=false,failurePolicy=Fail,sideEffects=None,groups=apps,resources=deployments,verbs=create,versions=v1,admissionReviewVersions=v1,name=h.example.com,patch=`{"matchConditions":[{"name":"a","expression":"true"}],"$setElementOrder/matchConditions":[{"expression":"true"}]}`
pub struct Hook7;

// +kubebuilder:webhook:path=/v,mutating=false,failurePolicy=Fail,sideEffects=None,groups=apps,resources=deployments,verbs=create,versions=v1,admissionReviewVersions=v1,name=i.example.com,patch=`{"sideEffects":null}`
pub struct Hook8;

// +kubebuilder:webhook:path=/v,mutating=false,failurePolicy=Fail,sideEffects=None,groups=apps,resources=deployments,verbs=create,versions=v1,admissionReviewVersions=v1,name=j.example.com,patch=`{"clientConfig":{"url":"https://hooks.example.com/j"}}`
pub struct Hook9;

// +kubebuilder:webhook:path=/v,mutating=false,failurePolicy=Fail,sideEffects=None,groups=apps,resources=deployments,verbs=create,versions=v1,admissionReviewVersions=v1,name=k.example.com,patch=`{"timeoutSeconds":5,"timeoutSeconds":6}`
pub struct Hook10;

// +kubebuilder:webhook:path=/v,mutating=false,failurePolicy=Fail,sideEffects=None,groups=apps,resources=deployments,verbs=create,versions=v1,admissionReviewVersions=v1,name=l.example.com,patch=`{"reinvocationPolicy":"Never"}`
pub struct Hook11;
