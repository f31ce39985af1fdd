// A verb webhooks are not called for.
package webhooks

// +kubebuilder:webhook:path=/validate-batch-example-com-v1-cronjob,mutating=false,failurePolicy=fail,sideEffects=None,groups=batch.example.com,resources=cronjobs,verbs=create;patch,versions=v1,name=vcronjob-v1.kb.io,admissionReviewVersions=v1
