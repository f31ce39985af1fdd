//! An unknown `reinvocationPolicy`.

// +kubebuilder:webhook:path=/mutate-batch-example-com-v1-cronjob,mutating=true,failurePolicy=fail,sideEffects=None,groups=batch.example.com,resources=cronjobs,verbs=create;update,versions=v1,name=mcronjob-v1.kb.io,admissionReviewVersions=v1,reinvocationPolicy=Always
pub struct Webhook0;
