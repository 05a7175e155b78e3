-- wrk script for the harness's "create" endpoint: POST /users with a JSON body (the path comes from the URL).
wrk.method = "POST"
wrk.body = '{"name":"Benchmark User"}'
wrk.headers["Content-Type"] = "application/json"
