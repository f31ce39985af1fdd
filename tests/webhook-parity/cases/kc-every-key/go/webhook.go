// Every key of both markers, lists in both spellings, values in any case.
package webhooks

// +kubebuilder:webhook:webhookVersions=v1,path=/mutate-apps-v1-deployment,mutating=true,failurePolicy=ignore,matchPolicy=exact,sideEffects=noneondryrun,timeoutSeconds=5,groups=core;apps,resources={deployments,deployments/scale},verbs=*,versions=*,name=mdeployment.apps.example.com,serviceName=hooks,serviceNamespace=ops,servicePort=8443,admissionReviewVersions={v1,v1beta1},reinvocationPolicy=ifneeded
// +kubebuilder:webhook:url="https://hooks.example.com:9443/validate-apps-v1-deployment",mutating=false,failurePolicy=Fail,matchPolicy=Equivalent,sideEffects=None,timeoutSeconds=30,groups=apps,resources=deployments;deployments/status,verbs=create;UPDATE;Delete;connect,versions=v1,name=vdeployment.apps.example.com,admissionReviewVersions=v1
// +kubebuilder:webhook:path=/validate-core-v1-configmap,mutating=false,failurePolicy=Fail,sideEffects=None,timeoutSeconds=1,groups=core,resources=configmaps,verbs=delete,versions=v1,name=aconfigmap.core.example.com,admissionReviewVersions=v1beta1;v1,serviceNamespace=kube-system
// +kubebuilder:webhookconfiguration:mutating=true,name=ops-mutating-hooks
// +kubebuilder:webhookconfiguration:mutating=false,name=ops-validating-hooks
