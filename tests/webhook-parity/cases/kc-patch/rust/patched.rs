//! `patch=`: selectors, match conditions in CEL, rules and timeouts replaced or removed, directives.

// +kubebuilder:webhook:path=/mutate-v1-pod,mutating=true,failurePolicy=fail,sideEffects=None,groups=core,resources=pods,verbs=create,versions=v1,name=mpod.example.com,admissionReviewVersions=v1;v1beta1,timeoutSeconds=10,patch=`{"timeoutSeconds":null,"namespaceSelector":{"matchExpressions":[{"key":"kubernetes.io/metadata.name","operator":"NotIn","values":["kube-system","kube-public"]}]},"objectSelector":{"matchLabels":{"app.kubernetes.io/managed-by":"shop-operator"}},"$deleteFromPrimitiveList/admissionReviewVersions":["v1beta1"]}`
pub struct Webhook0;

/// +kubebuilder:webhook:path=/validate-v1-pod,mutating=false,failurePolicy=fail,sideEffects=None,groups=core,resources=pods,verbs=create;update,versions=v1,name=vpod.example.com,admissionReviewVersions=v1,patch=`{"matchConditions":[{"name":"not-kube-system","expression":"request.namespace != 'kube-system'"},{"name":"not-system-users","expression":"!request.userInfo.username.startsWith('system:')"},{"name":"may-not-bypass","expression":"!authorizer.group('shop.example.com').resource('bypasses').check('create').allowed()"}],"rules":[{"apiGroups":[""],"apiVersions":["v1"],"operations":["CREATE","UPDATE"],"resources":["pods","pods/ephemeralcontainers"],"scope":"Namespaced"}],"timeoutSeconds":3}`
pub struct Webhook1;

// +kubebuilder:webhook:path=/validate-v1-secret,mutating=false,failurePolicy=fail,sideEffects=None,groups=core,resources=secrets,verbs=create,versions=v1,name=vsecret.example.com,admissionReviewVersions=v1,patch=`{"clientConfig":{"$patch":"replace","url":"https://vault-injector.example.com/validate"},"failurePolicy":"Ignore"}`
pub struct Webhook2;

/// +kubebuilder:webhook:path=/validate-v1-namespace,mutating=false,failurePolicy=fail,sideEffects=None,groups=core,resources=namespaces,verbs=delete,versions=v1,name=vnamespace.example.com,admissionReviewVersions=v1,timeoutSeconds=20,patch=`{"timeoutSeconds":null}`
pub struct Webhook3;

// +kubebuilder:webhook:path=/validate-v1-service,mutating=false,failurePolicy=fail,matchPolicy=Exact,sideEffects=None,groups=core,resources=services,verbs=create,versions=v1,name=vservice.example.com,admissionReviewVersions=v1,timeoutSeconds=7,patch=`{"$retainKeys":["name","clientConfig","rules","sideEffects","admissionReviewVersions","failurePolicy"],"failurePolicy":"Ignore"}`
pub struct Webhook4;

// +kubebuilder:webhook:path=/mutate-v1-service,mutating=true,failurePolicy=fail,sideEffects=None,groups=core,resources=services,verbs=create,versions=v1,name=mservice.example.com,admissionReviewVersions=v1,reinvocationPolicy=IfNeeded,patch=`{"admissionReviewVersions":["v1beta1","v1"],"$setElementOrder/admissionReviewVersions":["v1beta1","v1"],"matchConditions":[{"name":"b","expression":"true"},{"name":"a","expression":"request.operation == 'CREATE'"},{"name":"c","$patch":"delete"}],"$setElementOrder/matchConditions":[{"name":"b"},{"name":"a"}]}`
pub struct Webhook5;
