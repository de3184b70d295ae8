// Every document lookup module, imported once (each registers itself). Later areas add a line here.
import './users'
import './menus'
import './stock-allot'
