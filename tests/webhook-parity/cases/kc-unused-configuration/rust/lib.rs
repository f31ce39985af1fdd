//! A `+kubebuilder:webhookconfiguration` for a kind without webhooks, and one without a name: no effect (a warning here).

// +kubebuilder:webhook:path=/mutate-batch-example-com-v1-cronjob,mutating=true,failurePolicy=fail,sideEffects=None,groups=batch.example.com,resources=cronjobs,verbs=create;update,versions=v1,name=mcronjob-v1.kb.io,admissionReviewVersions=v1
pub struct Webhook0;

/// +kubebuilder:webhookconfiguration:mutating=false,name=unused-validating-hooks
pub struct Webhook1;

// +kubebuilder:webhookconfiguration:mutating=true
pub struct Webhook2;
