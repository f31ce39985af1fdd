//! A `$setElementOrder` list that contradicts the order of the patch list.

// +kubebuilder:webhook:path=/validate-batch-example-com-v1-cronjob,mutating=false,failurePolicy=fail,sideEffects=None,groups=batch.example.com,resources=cronjobs,verbs=create;update,versions=v1,name=vcronjob-v1.kb.io,admissionReviewVersions=v1,patch=`{"matchConditions":[{"name":"b","expression":"true"},{"name":"a","expression":"true"}],"$setElementOrder/matchConditions":[{"name":"a"},{"name":"b"}]}`
pub struct Webhook0;
