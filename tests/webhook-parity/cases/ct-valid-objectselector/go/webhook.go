// controller-tools v0.23.0, pkg/webhook/testdata/valid-objectselector: the markers as they are there.
package webhooks

// +kubebuilder:webhook:verbs=create;update,path=/mutate-testdata-kubebuilder-io-v1-cronjob,mutating=true,failurePolicy=fail,groups=testdata.kubebuilder.io,resources=cronjobs,versions=v1,name=default.cronjob.testdata.kubebuilder.io,sideEffects=None,admissionReviewVersions=v1,patch=`{"objectSelector":{"matchLabels":{"managed-by":"myoperator"}}}`
