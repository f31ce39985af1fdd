//! The group as an argument, a plural exception, a type that keeps its own
//! `Clone` (`+k8s:deepcopy-gen=false`), an enum with data (deep-copied, its
//! field markers read from `///`), and helpers the user wrote are kept.

#[kube_codegen_macros::api(group = "zoo.example.com", plural_exceptions = "Moose:moose")]
pub mod v1alpha1 {
    use k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;
    use serde::{Deserialize, Serialize};

    /// A moose.
    /// +genclient
    /// +genclient:nonNamespaced
    /// +kubebuilder:resource:scope=Cluster
    #[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
    pub struct Moose {
        /// Standard object metadata.
        pub metadata: ObjectMeta,
        /// Antler span in centimetres.
        /// +kubebuilder:validation:Maximum=200
        pub antlers: u32,
        /// Its keeper.
        #[serde(default)]
        pub keeper: Keeper,
        /// What it eats.
        pub diet: Diet,
    }

    /// A diet, by `type`.
    #[derive(Debug, Default, PartialEq, Serialize, Deserialize)]
    #[serde(tag = "type")]
    pub enum Diet {
        /// Leaves of one kind of tree.
        Browse {
            /// The tree.
            /// +kubebuilder:validation:MinLength=1
            tree: String,
        },
        /// Whatever it finds.
        #[default]
        Anything,
    }

    /// Who looks after an animal; clones itself.
    /// +k8s:deepcopy-gen=false
    #[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
    pub struct Keeper {
        /// The keeper's name.
        pub name: String,
    }

    impl Moose {
        /// A hand-written helper next to the generated ones.
        pub fn is_big(&self) -> bool {
            self.antlers > 150
        }
    }
}

pub fn check() {
    use v1alpha1::Moose;

    assert_eq!(Moose::PLURAL, "moose");
    assert_eq!(
        Moose::crd().metadata.name.as_deref(),
        Some("moose.zoo.example.com")
    );
    assert!(Moose::CRD_YAML.contains("maximum: 200"));
    assert!(Moose::CRD_YAML.contains("self.type != 'Browse' || has(self.tree)"));
    assert!(Moose::CRD_YAML.contains("minLength: 1"));
    let browsing = v1alpha1::Diet::Browse {
        tree: "birch".into(),
    };
    assert_eq!(browsing.clone(), browsing);
    let moose = Moose::new("m");
    assert!(!moose.is_big());
    assert_eq!(moose.clone(), moose);
}
