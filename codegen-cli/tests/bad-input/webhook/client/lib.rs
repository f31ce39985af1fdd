// +kubebuilder:webhook:path=/v,mutating=false,failurePolicy=Fail,sideEffects=None,groups=apps,resources=deployments,verbs=create,versions=v1,admissionReviewVersions=v1,name=a.example.com,url="https://hooks.example.com/a"
pub struct Hook0;

// +kubebuilder:webhook:mutating=false,failurePolicy=Fail,sideEffects=None,groups=apps,resources=deployments,verbs=create,versions=v1,admissionReviewVersions=v1,name=b.example.com
pub struct Hook1;

// +kubebuilder:webhook:mutating=false,failurePolicy=Fail,sideEffects=None,groups=apps,resources=deployments,verbs=create,versions=v1,admissionReviewVersions=v1,name=c.example.com,url="https://hooks.example.com/c",serviceName=hooks,servicePort=8443
pub struct Hook2;

// +kubebuilder:webhook:mutating=false,failurePolicy=Fail,sideEffects=None,groups=apps,resources=deployments,verbs=create,versions=v1,admissionReviewVersions=v1,name=d.example.com,url="http://hooks.example.com/d"
pub struct Hook3;

// +kubebuilder:webhook:mutating=false,failurePolicy=Fail,sideEffects=None,groups=apps,resources=deployments,verbs=create,versions=v1,admissionReviewVersions=v1,name=e.example.com,url="https://admin@hooks.example.com/e?x=1"
pub struct Hook4;

// +kubebuilder:webhook:mutating=false,failurePolicy=Fail,sideEffects=None,groups=apps,resources=deployments,verbs=create,versions=v1,admissionReviewVersions=v1,name=f.example.com,path=/Validate-Deployment
pub struct Hook5;

// +kubebuilder:webhook:mutating=false,failurePolicy=Fail,sideEffects=None,groups=apps,resources=deployments,verbs=create,versions=v1,admissionReviewVersions=v1,name=g.example.com,path=validate
pub struct Hook6;

// +kubebuilder:webhook:path=/v,mutating=false,failurePolicy=Fail,sideEffects=None,groups=apps,resources=deployments,verbs=create,versions=v1,admissionReviewVersions=v1,name=h.example.com,servicePort=0
pub struct Hook7;

// +kubebuilder:webhook:path=/v,mutating=false,failurePolicy=Fail,sideEffects=None,groups=apps,resources=deployments,verbs=create,versions=v1,admissionReviewVersions=v1,name=i.example.com,serviceName=""
pub struct Hook8;
