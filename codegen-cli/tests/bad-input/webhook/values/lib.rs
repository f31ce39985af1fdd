// +kubebuilder:webhook:path=/v,mutating=false,sideEffects=None,groups=apps,resources=deployments,verbs=create,versions=v1,admissionReviewVersions=v1,name=a.example.com,failurePolicy=Failure
pub struct Hook0;

// +kubebuilder:webhook:path=/v,mutating=false,failurePolicy=Fail,sideEffects=None,groups=apps,resources=deployments,verbs=create,versions=v1,admissionReviewVersions=v1,name=b.example.com,matchPolicy=exactly
pub struct Hook1;

// +kubebuilder:webhook:path=/v,mutating=false,failurePolicy=Fail,groups=apps,resources=deployments,verbs=create,versions=v1,admissionReviewVersions=v1,name=c.example.com,sideEffects=Some
pub struct Hook2;

// +kubebuilder:webhook:path=/v,mutating=false,failurePolicy=Fail,groups=apps,resources=deployments,verbs=create,versions=v1,admissionReviewVersions=v1,name=d.example.com,sideEffects=Nonee
pub struct Hook3;

// +kubebuilder:webhook:path=/v,mutating=false,failurePolicy=Fail,groups=apps,resources=deployments,verbs=create,versions=v1,admissionReviewVersions=v1,name=e.example.com
pub struct Hook4;

// +kubebuilder:webhook:path=/v,mutating=true,failurePolicy=Fail,sideEffects=None,groups=apps,resources=deployments,verbs=create,versions=v1,admissionReviewVersions=v1,name=f.example.com,reinvocationPolicy=Always
pub struct Hook5;

// +kubebuilder:webhook:path=/v,mutating=false,failurePolicy=Fail,sideEffects=None,groups=apps,resources=deployments,verbs=create,versions=v1,admissionReviewVersions=v1,name=g.example.com,reinvocationPolicy=Never
pub struct Hook6;

// +kubebuilder:webhook:path=/v,mutating=false,failurePolicy=Fail,sideEffects=None,groups=apps,resources=deployments,verbs=create,versions=v1,admissionReviewVersions=v1,name=h.example.com,timeoutSeconds=0
pub struct Hook7;

// +kubebuilder:webhook:path=/v,mutating=false,failurePolicy=Fail,sideEffects=None,groups=apps,resources=deployments,verbs=create,versions=v1,admissionReviewVersions=v1,name=i.example.com,timeoutSeconds=31
pub struct Hook8;

// +kubebuilder:webhook:path=/v,mutating=false,failurePolicy=Fail,sideEffects=None,groups=apps,resources=deployments,verbs=create,versions=v1,admissionReviewVersions=v1,name=j.example.com,webhookVersions=v1;v1beta1
pub struct Hook9;

// +kubebuilder:webhook:path=/v,mutating=false,failurePolicy=Fail,sideEffects=None,groups=apps,resources=deployments,verbs=create,versions=v1,name=k.example.com,admissionReviewVersions=v2
pub struct Hook10;

// +kubebuilder:webhook:path=/v,mutating=false,failurePolicy=Fail,sideEffects=None,groups=apps,resources=deployments,verbs=create,versions=v1,name=l.example.com,admissionReviewVersions=v1;v1
pub struct Hook11;

// +kubebuilder:webhook:path=/v,mutating=false,failurePolicy=Fail,sideEffects=None,groups=apps,resources=deployments,verbs=create,versions=v1,name=m.example.com,admissionReviewVersions=V1
pub struct Hook12;
