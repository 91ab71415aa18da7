# Completes a command line with fish's own completion engine (complete -C) and prints the candidates.
#
# Usage: fish --no-config complete.fish SCRIPT|--installed 'COMMAND LINE'
#   SCRIPT       a completion script to source;
#   --installed  let fish find the command's script itself (vendor_completions.d in $XDG_DATA_DIRS).
# Output: one candidate per line: the value, a tab, the description (fish's own format).
set -l script $argv[1]
set -l line $argv[2]
if test "$script" != --installed
    source $script; or exit 3
end
complete -C "$line"
