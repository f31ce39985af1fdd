//! A configuration name that is not a DNS name.

// +kubebuilder:webhook:path=/validate-batch-example-com-v1-cronjob,mutating=false,failurePolicy=fail,sideEffects=None,groups=batch.example.com,resources=cronjobs,verbs=create;update,versions=v1,name=vcronjob-v1.kb.io,admissionReviewVersions=v1
pub struct Webhook0;

/// +kubebuilder:webhookconfiguration:mutating=false,name=Shop_Hooks
pub struct Webhook1;
