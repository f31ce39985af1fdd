//! Two match conditions with one name.

// +kubebuilder:webhook:path=/validate-batch-example-com-v1-cronjob,mutating=false,failurePolicy=fail,sideEffects=None,groups=batch.example.com,resources=cronjobs,verbs=create;update,versions=v1,name=vcronjob-v1.kb.io,admissionReviewVersions=v1,patch=`{"matchConditions":[{"name":"a","expression":"true"},{"name":"a","expression":"false"}]}`
pub struct Webhook0;
