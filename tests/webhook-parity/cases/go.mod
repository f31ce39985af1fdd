module webhookparity.example.com/cases

go 1.22
