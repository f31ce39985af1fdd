//! A webhook name of two parts.

// +kubebuilder:webhook:path=/validate-batch-example-com-v1-cronjob,mutating=false,failurePolicy=fail,sideEffects=None,groups=batch.example.com,resources=cronjobs,verbs=create;update,versions=v1,name=cronjob.kb,admissionReviewVersions=v1
pub struct Webhook0;
