//! A misspelt marker name.

// +kubebuilder:webhook:path=/validate-batch-example-com-v1-cronjob,mutating=false,failurePolicy=fail,sideEffects=None,groups=batch.example.com,resources=cronjobs,verbs=create;update,versions=v1,name=vcronjob-v1.kb.io,admissionReviewVersions=v1
pub struct Webhook0;

/// +kubebuilder:webhok:path=/validate-batch-example-com-v1-cronjob,mutating=false,failurePolicy=fail,sideEffects=None,groups=batch.example.com,resources=jobs,verbs=create;update,versions=v1,name=vjob-v1.kb.io,admissionReviewVersions=v1
pub struct Webhook1;
