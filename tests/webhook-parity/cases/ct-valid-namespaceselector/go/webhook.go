// controller-tools v0.23.0, pkg/webhook/testdata/valid-namespaceselector: the markers as they are there.
package webhooks

// +kubebuilder:webhook:verbs=create;update,path=/validate-testdata-kubebuilder-io-v1-cronjob,mutating=false,failurePolicy=fail,groups=testdata.kubebuilder.io,resources=cronjobs,versions=v1,name=validation.cronjob.testdata.kubebuilder.io,sideEffects=None,admissionReviewVersions=v1,patch=`{"namespaceSelector":{"matchLabels":{"webhook-enabled":"true"}}}`
