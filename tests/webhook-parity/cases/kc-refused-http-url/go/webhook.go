// An `http://` URL.
package webhooks

// +kubebuilder:webhook:mutating=false,failurePolicy=fail,sideEffects=None,groups=batch.example.com,resources=cronjobs,verbs=create;update,versions=v1,name=vcronjob-v1.kb.io,admissionReviewVersions=v1,url="http://hooks.example.com/validate"
