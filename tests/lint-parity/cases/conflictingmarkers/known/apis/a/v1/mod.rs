//! +groupName=a.example.com
mod a;
