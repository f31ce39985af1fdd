//! Kubebuilder v4 `create webhook` markers: a CronJob defaulter and validator, and a core-group Pod defaulter, in three files.

// +kubebuilder:webhook:path=/mutate--v1-pod,mutating=true,failurePolicy=fail,sideEffects=None,groups="",resources=pods,verbs=create;update,versions=v1,name=mpod-v1.kb.io,admissionReviewVersions=v1
pub struct Webhook0;
