//! A selector with an unknown operator and a bad label value.

// +kubebuilder:webhook:path=/validate-batch-example-com-v1-cronjob,mutating=false,failurePolicy=fail,sideEffects=None,groups=batch.example.com,resources=cronjobs,verbs=create;update,versions=v1,name=vcronjob-v1.kb.io,admissionReviewVersions=v1,patch=`{"objectSelector":{"matchExpressions":[{"key":"tier","operator":"Inn","values":["web"]}],"matchLabels":{"team":"shop team"}}}`
pub struct Webhook0;
