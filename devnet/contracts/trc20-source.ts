/**
 * The Solidity source of the TRC-20 token every devnet starts with (docs/decisions.md §17): "Airlock Test
 * Dollar" (ATD), compiled by the solc package when a genesis is made (devnet/evm/compile.ts).
 *
 * Kept as a module, not a .sol file read from disk, so the source travels wherever the devnet code
 * does: the CLI under tsx, the renderer tests' jsdom (where import.meta.url is not a file URL) and
 * the desktop app's bundle. Invariant: this text is the only source of the token's bytecode; no
 * compiled bytecode is committed.
 */
export const TRC20_SOLIDITY = String.raw`// SPDX-License-Identifier: MIT
// The devnet's TRC-20 token (docs/decisions.md §17): the fungible-token interface TRON wallets call (TIP-20,
// the same as ERC-20), deployed at genesis by devnet/evm/genesis-token.ts so the station's TRC-20
// builders, views and end-to-end tests run against real bytecode. Compiled from this file by the
// "solc" package when a genesis is made; no bytecode is committed.
//
// Invariant: the sum of every balance equals totalSupply, which only the constructor sets; a
// transfer or transferFrom that would overdraw a balance or an allowance reverts with a reason,
// so the node records REVERT and nothing moves.
pragma solidity ^0.8.20;

contract Trc20 {
    string public name;
    string public symbol;
    uint8 public immutable decimals;
    uint256 public totalSupply;

    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    constructor(string memory name_, string memory symbol_, uint8 decimals_, uint256 supply) {
        name = name_;
        symbol = symbol_;
        decimals = decimals_;
        totalSupply = supply;
        balanceOf[msg.sender] = supply;
        emit Transfer(address(0), msg.sender, supply);
    }

    function transfer(address to, uint256 value) external returns (bool) {
        _move(msg.sender, to, value);
        return true;
    }

    function approve(address spender, uint256 value) external returns (bool) {
        _approve(msg.sender, spender, value);
        return true;
    }

    function transferFrom(address from, address to, uint256 value) external returns (bool) {
        uint256 allowed = allowance[from][msg.sender];
        // The all-ones allowance is "unlimited" and is not spent down, as in common TRC-20 tokens.
        if (allowed != type(uint256).max) {
            require(allowed >= value, "TRC20: transfer amount exceeds allowance");
            _approve(from, msg.sender, allowed - value);
        }
        _move(from, to, value);
        return true;
    }

    function increaseAllowance(address spender, uint256 added) external returns (bool) {
        _approve(msg.sender, spender, allowance[msg.sender][spender] + added);
        return true;
    }

    function decreaseAllowance(address spender, uint256 subtracted) external returns (bool) {
        uint256 current = allowance[msg.sender][spender];
        require(current >= subtracted, "TRC20: decreased allowance below zero");
        _approve(msg.sender, spender, current - subtracted);
        return true;
    }

    function _move(address from, address to, uint256 value) private {
        require(to != address(0), "TRC20: transfer to the zero address");
        uint256 held = balanceOf[from];
        require(held >= value, "TRC20: transfer amount exceeds balance");
        unchecked {
            balanceOf[from] = held - value;
        }
        balanceOf[to] += value;
        emit Transfer(from, to, value);
    }

    function _approve(address owner, address spender, uint256 value) private {
        require(spender != address(0), "TRC20: approve to the zero address");
        allowance[owner][spender] = value;
        emit Approval(owner, spender, value);
    }
}
`;
