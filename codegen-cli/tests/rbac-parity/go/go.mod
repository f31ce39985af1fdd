module example.com/rbacparity

go 1.22
