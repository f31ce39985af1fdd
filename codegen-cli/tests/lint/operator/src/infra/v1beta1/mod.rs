//! +groupName=infra.example.com
mod machine;
mod certificate;
