//! +groupName=myapp.example.com

pub mod v1;
