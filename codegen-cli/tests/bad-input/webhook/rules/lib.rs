// +kubebuilder:webhook:path=/v,mutating=false,failurePolicy=Fail,sideEffects=None,groups=apps,resources=deployments,versions=v1,admissionReviewVersions=v1,name=a.example.com,verbs=create;patch
pub struct Hook0;

// +kubebuilder:webhook:path=/v,mutating=false,failurePolicy=Fail,sideEffects=None,groups=apps,resources=deployments,versions=v1,admissionReviewVersions=v1,name=b.example.com,verbs=*;create
pub struct Hook1;

// +kubebuilder:webhook:path=/v,mutating=false,failurePolicy=Fail,sideEffects=None,groups=apps,resources=deployments,versions=v1,admissionReviewVersions=v1,name=c.example.com,verbs={}
pub struct Hook2;

// +kubebuilder:webhook:path=/v,mutating=false,failurePolicy=Fail,sideEffects=None,resources=deployments,verbs=create,versions=v1,admissionReviewVersions=v1,name=d.example.com,groups=*;apps
pub struct Hook3;

// +kubebuilder:webhook:path=/v,mutating=false,failurePolicy=Fail,sideEffects=None,resources=deployments,verbs=create,versions=v1,admissionReviewVersions=v1,name=e.example.com,groups={}
pub struct Hook4;

// +kubebuilder:webhook:path=/v,mutating=false,failurePolicy=Fail,sideEffects=None,groups=apps,resources=deployments,verbs=create,admissionReviewVersions=v1,name=f.example.com,versions=*;v1
pub struct Hook5;

// +kubebuilder:webhook:path=/v,mutating=false,failurePolicy=Fail,sideEffects=None,groups=apps,resources=deployments,verbs=create,admissionReviewVersions=v1,name=g.example.com,versions=""
pub struct Hook6;

// +kubebuilder:webhook:path=/v,mutating=false,failurePolicy=Fail,sideEffects=None,groups=apps,verbs=create,versions=v1,admissionReviewVersions=v1,name=h.example.com,resources={}
pub struct Hook7;

// +kubebuilder:webhook:path=/v,mutating=false,failurePolicy=Fail,sideEffects=None,groups=apps,verbs=create,versions=v1,admissionReviewVersions=v1,name=i.example.com,resources=*;pods
pub struct Hook8;

// +kubebuilder:webhook:path=/v,mutating=false,failurePolicy=Fail,sideEffects=None,groups=apps,verbs=create,versions=v1,admissionReviewVersions=v1,name=j.example.com,resources=*/*;pods
pub struct Hook9;

// +kubebuilder:webhook:path=/v,mutating=false,failurePolicy=Fail,sideEffects=None,groups=apps,verbs=create,versions=v1,admissionReviewVersions=v1,name=k.example.com,resources=pods/*;pods/status;*/scale;deployments/scale
pub struct Hook10;

// +kubebuilder:webhook:path=/v,mutating=false,failurePolicy=Fail,sideEffects=None,groups=apps,verbs=create,versions=v1,admissionReviewVersions=v1,name=l.example.com,resources=""
pub struct Hook11;

// +kubebuilder:webhook:path=/v,mutating=false,failurePolicy=Fail,sideEffects=None,groups=apps,resources=deployments,verbs=create,versions=v1,admissionReviewVersions=v1,name=m.example.com,patch=`{"rules":[{"apiGroups":["apps"],"apiVersions":["v1"],"operations":["CREATE"],"resources":["deployments"],"scope":"Namespace"}]}`
pub struct Hook12;
