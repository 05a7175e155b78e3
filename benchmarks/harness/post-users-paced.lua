-- post-users.lua at a bounded rate: each connection waits PACE_MS (default 20) ms after each answer,
-- so that the load stays below what the consumer keeps up with (a latency, not a backlog, is measured).
wrk.method = "POST"
wrk.body = '{"name":"Benchmark User"}'
wrk.headers["Content-Type"] = "application/json"
local pace = tonumber(os.getenv("PACE_MS") or "20")
function delay()
    return pace
end
