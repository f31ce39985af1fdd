// +kubebuilder:webhook:path=/v,mutating=false,failurePolicy=Fail,sideEffects=None,groups=apps,resources=deployments,verbs=create,versions=v1,admissionReviewVersions=v1,name=a.example.com,patch=`{"namespaceSelector":{"matchLabels":{"-env":"prod","team":"shop team"}}}`
pub struct Hook0;

// +kubebuilder:webhook:path=/v,mutating=false,failurePolicy=Fail,sideEffects=None,groups=apps,resources=deployments,verbs=create,versions=v1,admissionReviewVersions=v1,name=b.example.com,patch=`{"objectSelector":{"matchExpressions":[{"key":"tier","operator":"In"},{"key":"tier","operator":"Exists","values":["web"]}]}}`
pub struct Hook1;

// +kubebuilder:webhook:path=/v,mutating=false,failurePolicy=Fail,sideEffects=None,groups=apps,resources=deployments,verbs=create,versions=v1,admissionReviewVersions=v1,name=c.example.com,patch=`{"objectSelector":{"matchExpressions":[{"key":"a/b/c","operator":"Inn","values":["web"]}]}}`
pub struct Hook2;
