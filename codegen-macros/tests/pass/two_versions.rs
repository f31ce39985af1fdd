//! A group module with two versions of a kind: each version's `crd()` is the
//! one CRD with both versions, v2 stored.

#[kube_codegen_macros::api]
mod store {
    pub mod v1 {
        //! +groupName=store.example.com

        use k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;
        use serde::{Deserialize, Serialize};

        /// A shelf.
        /// +genclient
        #[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
        pub struct Shelf {
            /// Standard object metadata.
            pub metadata: ObjectMeta,
            /// How many boards.
            /// +kubebuilder:validation:Minimum=1
            pub boards: i32,
        }
    }

    pub mod v2 {
        //! +groupName=store.example.com

        use k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;
        use serde::{Deserialize, Serialize};

        /// A shelf, with a height.
        /// +genclient
        /// +kubebuilder:storageversion
        #[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
        pub struct Shelf {
            /// Standard object metadata.
            pub metadata: ObjectMeta,
            /// How many boards.
            /// +kubebuilder:validation:Minimum=1
            pub boards: i32,
            /// Height in centimetres.
            /// +optional
            /// v1 objects never had it, and v2 shelves are not read as v1:
            /// +kubebuilder:conversion:lossless
            #[serde(default, skip_serializing_if = "Option::is_none")]
            pub height: Option<u32>,
        }
    }
}

pub fn check() {
    use k8s_openapi::Resource;

    let crd = store::v1::Shelf::crd();
    assert_eq!(crd, store::v2::Shelf::crd());
    let versions: Vec<(&str, bool)> = crd
        .spec
        .versions
        .iter()
        .map(|v| (v.name.as_str(), v.storage))
        .collect();
    assert_eq!(versions, [("v2", true), ("v1", false)]);
    assert_eq!(
        <store::v1::Shelf as Resource>::API_VERSION,
        "store.example.com/v1"
    );
    assert_eq!(
        <store::v2::Shelf as Resource>::API_VERSION,
        "store.example.com/v2"
    );
}
