
#[cfg(test)]
mod tests {
    use kube_codegen_manager::Config;
    use kube_codegen_runtime::fake;

    use super::*;

    /// The reconcile, on the fake clientset: the {kind} is reported `Ready`.
    #[tokio::test]
    async fn a_reconciled_{var}_is_ready() {
        let mut {var} = {kind}::default();
        {var}.metadata.name = Some("sample".to_owned());
{namespace_line}        let fake = fake::Clientset::new([{var}.into()]).with_crds(generated::crds::all());
        let manager = Manager::fake(&fake, "test", Config::default());
        let client = TypedClient::<{kind}, _>::new(&fake, "{namespace}");
        let stored = client.get("sample").await.unwrap();
        let action = {kind}Reconciler
            .reconcile(Arc::new(stored), manager.context("{var}"))
            .await
            .unwrap();
        assert_eq!(action, Action::await_change());
        let status = client.get("sample").await.unwrap().status.unwrap_or_default();
        assert!(conditions::is_status_condition_true(&status.conditions, "Ready"));
    }
}
