// A Service path the API server does not take.
package webhooks

// +kubebuilder:webhook:path=/validate_cronjob,mutating=false,failurePolicy=fail,sideEffects=None,groups=batch.example.com,resources=cronjobs,verbs=create;update,versions=v1,name=vcronjob-v1.kb.io,admissionReviewVersions=v1
