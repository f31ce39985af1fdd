//! +groupName=a.example.com
mod a;
mod k8s;
