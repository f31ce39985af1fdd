
/// The label the skeleton's defaulter sets: the object's name.
const INSTANCE_LABEL: &str = "app.kubernetes.io/instance";

// +kubebuilder:webhook:path={mutate_path},mutating=true,failurePolicy=fail,sideEffects=None,groups={marker_group},resources={plural},verbs=create;update,versions={version},name=m{lower_kind}-{version}.kb.io,admissionReviewVersions=v1
impl Defaulter<{kind}> for {kind}Webhook {
    /// Fills in what a {kind} leaves out, before it is validated and stored.
    /// The API server applies exactly what this changes (a JSON patch through
    /// the type's own serialization). This skeleton labels the object with
    /// its name; put your defaults here.
    async fn default(&self, _request: &Request<'_>, {var}: &mut {kind}) -> Result<(), Denied> {
        let name = {var}.metadata.name.clone().unwrap_or_default();
        // A label value holds at most 63 characters (a generated name is
        // not known yet when defaulting runs).
        if !name.is_empty() && name.len() <= 63 {
            {var}
                .metadata
                .labels
                .get_or_insert_default()
                .entry(INSTANCE_LABEL.to_owned())
                .or_insert(name);
        }
        Ok(())
    }
}
