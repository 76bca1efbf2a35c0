-- Drives Neovim's built-in LSP client (0.7+) against `warplint lsp`: opens a
-- CUDA file, waits for the diagnostics, edits the buffer without saving it
-- (a line inserted on top), waits for the diagnostics of the unsaved text,
-- asks for the code actions on the first one, applies the preferred one to
-- the unsaved buffer, waits for the diagnostics of the fixed text, and only
-- then saves. Everything it sees goes to $OUT for
-- FileCheck. Every wait is bounded; on a timeout it writes TIMEOUT and
-- quits with status 1.

local out = assert(io.open(os.getenv('OUT'), 'w'))
local function say(line) out:write(line, '\n'); out:flush() end
local function quit(status)
  out:close()
  vim.cmd((status == 0) and 'qall!' or 'cquit!')
end

local client_id = vim.lsp.start_client({
  name = 'warplint',
  cmd = { os.getenv('WARPLINT'), 'lsp', '--debounce-ms=50',
          '--checks=-*,warplint-bank-conflict' },
  root_dir = vim.fn.fnamemodify(os.getenv('FILE'), ':h'),
})
vim.cmd('edit ' .. vim.fn.fnameescape(os.getenv('FILE')))
local buf = vim.api.nvim_get_current_buf()
vim.lsp.buf_attach_client(buf, client_id)

local published = false

local function wait_for_diagnostics(label, min)
  local ok = vim.wait(90000, function()
    return published and #vim.diagnostic.get(buf) >= min
  end, 50)
  if not ok then say(label .. ': TIMEOUT'); quit(1) end
  local diags = vim.diagnostic.get(buf)
  say(string.format('%s: %d diagnostics', label, #diags))
  for _, d in ipairs(diags) do
    local lsp = (d.user_data or {}).lsp or {}
    say(string.format('  %d:%d severity=%d source=%s code=%s %s', d.lnum + 1,
                      d.col, d.severity, d.source or '?',
                      tostring(d.code or lsp.code), d.message))
  end
  return diags
end

-- Know when a (possibly empty) publication arrives for this buffer.
local default_publish = vim.lsp.handlers['textDocument/publishDiagnostics']
vim.lsp.handlers['textDocument/publishDiagnostics'] = function(err, result, ctx, config)
  default_publish(err, result, ctx, config)
  if vim.uri_to_bufnr(result.uri) == buf then
    published = true
  end
end

wait_for_diagnostics('opened', 1)

-- An unsaved edit: the finding moves down a line, and the quick fix must
-- be computed against this text, not the file on disk.
published = false
vim.api.nvim_buf_set_lines(buf, 0, 0, false, { '// an unsaved edit' })
local diags = wait_for_diagnostics('unsaved', 1)
say(string.format('modified: %s', tostring(vim.bo[buf].modified)))
local d = diags[1]
local params = {
  textDocument = { uri = vim.uri_from_bufnr(buf) },
  range = { start = { line = d.lnum, character = d.col },
            ['end'] = { line = d.end_lnum, character = d.end_col } },
  context = { diagnostics = {} },
}
local replies = vim.lsp.buf_request_sync(buf, 'textDocument/codeAction', params, 30000)
if not replies then say('codeAction: TIMEOUT'); quit(1) end
local chosen
for _, reply in pairs(replies) do
  for _, action in ipairs(reply.result or {}) do
    say(string.format('action: %s%s', action.isPreferred and '(preferred) ' or '',
                      action.title))
    if action.isPreferred or not chosen then chosen = action end
  end
end
if not chosen then say('no code action'); quit(1) end

published = false
vim.lsp.util.apply_workspace_edit(chosen.edit, 'utf-16')
for i, line in ipairs(vim.api.nvim_buf_get_lines(buf, 0, -1, false)) do
  say(string.format('buffer %d: %s', i, line))
end
wait_for_diagnostics('after fix', 0)
vim.cmd('write')
vim.lsp.stop_client(client_id)
quit(0)
